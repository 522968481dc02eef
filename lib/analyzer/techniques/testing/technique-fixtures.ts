// Test-only: a fixture PDF, built in code, for each carrier of each technique of the catalogue
// (lib/analyzer/techniques/catalogue.ts). Keyed by technique id, then carrier id. Each fixture shows
// one technique through one carrier inside an otherwise plain document, so the catalogue test can
// check that the technique's rules fire and its floor holds for every way it reaches a reader.
export type CarrierFixture = () => Uint8Array;
export type TechniqueFixtures = Record<string, Record<string, CarrierFixture>>;
