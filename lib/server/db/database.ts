// The kysely Database type: one schema for SQLite and PostgreSQL (lib/server/db/migrations.ts).
// Portable column choices: times are epoch milliseconds (bigint; pg's int8 is parsed to a number in
// open-database.ts), booleans are integers 0/1, JSON documents are text.
import type { AdvancedStatus, EnrichmentStatus, ScanStatus } from "../domain/state-machine";
import type { RetentionMode } from "../domain/retention";

export interface ScansTable {
  /** 128-bit random, base64url (scans/scan-id.ts) */
  id: string;
  /** principal id (auth/resolve-principal.ts); other owners get 404 */
  owner: string;
  status: ScanStatus;
  advanced_status: AdvancedStatus;
  enrichment_status: EnrichmentStatus;
  retention_mode: RetentionMode;
  enable_enrichment: number;
  file_name: string;
  file_size: number;
  sha256: string;
  /** key of the uploaded bytes in the BlobStore */
  blob_key: string;
  /** 1 while the uploaded bytes are kept in the BlobStore */
  file_retained: number;
  verdict: string | null;
  score: number | null;
  confidence: string | null;
  /** JSON FastResult */
  fast_result: string | null;
  /** JSON DeepResult (whatever the advanced stage returns; the pipeline does not look inside) */
  advanced_result: string | null;
  /** JSON EnrichmentResult */
  enrichment_result: string | null;
  failure_reason: string | null;
  advanced_failure_reason: string | null;
  enrichment_failure_reason: string | null;
  /**
   * JSON ScanEvent: the outcome of a stage that is recorded but not yet applied, because the file
   * must be deleted first (delete_immediately). A process that resumes the stage applies it.
   */
  pending_event: string | null;
  created_at: number;
  updated_at: number;
  fast_started_at: number | null;
  fast_completed_at: number | null;
  advanced_started_at: number | null;
  completed_at: number | null;
  expires_at: number | null;
  file_deleted_at: number | null;
  /** claims of the current stage (reset when the advanced stage is queued) */
  attempts: number;
  /** who runs the current stage ("host/pid/random"); kept after the stage for the record */
  lease_owner: string | null;
  /** the claim is void after this time unless renewed by a heartbeat */
  lease_until: number | null;
  /** 1: page thumbnails stay with the report until the scan is deleted, whatever the retention mode */
  keep_thumbnails: number;
  /** JSON StoredPageImages: the pages whose images the advanced stage stored (PageImageStore); null: none */
  page_images: string | null;
  /** when retention deleted the page images */
  page_images_deleted_at: number | null;
  /** where the scan's webhooks go (POST /api/scans callbackUrl); null: none */
  callback_url: string | null;
  /** whose signing secret signs them (webhook_secrets.key_ref: the creating key's id, or "local") */
  callback_key: string | null;
  /** the uploaded ZIP this scan's file came from (its members share it); null: uploaded alone */
  batch_id: string | null;
}

/** Uploaded bytes when PDFSCAN_STORAGE=postgres (storage/postgres-blob-store.ts). */
export interface BlobsTable {
  key: string;
  data: Uint8Array;
  size: number;
  created_at: number;
}

/** API keys (auth/api-keys.ts): only the SHA-256 of the secret is stored. */
export interface ApiKeysTable {
  id: string;
  secret_hash: string;
  /** the first characters of the key, shown in listings ("pdfscan_AbC1...") */
  prefix: string;
  name: string;
  /** scans.owner of the scans created with this key */
  principal: string;
  admin: number;
  created_at: number;
  expires_at: number | null;
  revoked_at: number | null;
  last_used_at: number | null;
}

/** Web UI sessions (auth/sessions.ts), each bound to the key that signed in. */
export interface SessionsTable {
  secret_hash: string;
  key_id: string;
  csrf_token: string;
  created_at: number;
  expires_at: number;
}

/** Read-only links to one scan's report (auth/share-links.ts). */
export interface ShareLinksTable {
  id: string;
  secret_hash: string;
  scan_id: string;
  owner: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** the key that minted the link (null: auth off, or minted before links were tied to keys); the link dies with it */
  key_id: string | null;
}

/**
 * One row per principal that ever stored a scan: a transaction that admits a scan against the quota
 * writes it first, which serialises those decisions (PostgreSQL: the row lock; SQLite: the write lock).
 */
export interface QuotaLocksTable {
  principal: string;
  locked_at: number;
}

/** The Standard Webhooks signing secret of each key (webhooks/webhook-store.ts): kept in clear, as HMAC needs it. */
export interface WebhookSecretsTable {
  /** the API key id, or "local" when auth is off */
  key_ref: string;
  /** whsec_<base64 of 32 random bytes> */
  secret: string;
  created_at: number;
}

/** One webhook message and its delivery attempts (the outbox: written with the scan transition that caused it). */
export interface WebhookDeliveriesTable {
  /** msg_<random>: the webhook-id header, the same on every attempt (receivers deduplicate on it) */
  id: string;
  scan_id: string;
  owner: string;
  key_ref: string;
  url: string;
  event_type: string;
  /** the JSON body, fixed at creation (every attempt sends the same bytes) */
  payload: string;
  /** pending (attempts left) | succeeded | failed (attempts exhausted, or refused) */
  state: string;
  attempts: number;
  next_attempt_at: number;
  lease_owner: string | null;
  lease_until: number | null;
  last_status: number | null;
  last_error: string | null;
  /** JSON DeliveryAttempt[]: what each attempt got */
  attempt_log: string;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

/** Idempotency-Key of POST /api/scans (scans/idempotency.ts): the scan a key created, and a hash of the request it came with. */
export interface IdempotencyKeysTable {
  owner: string;
  key: string;
  request_hash: string;
  /** null while the first request with this key is still being handled */
  scan_id: string | null;
  /** for a ZIP upload: the batch its first request created (scan_id stays null) */
  batch_id: string | null;
  created_at: number;
  expires_at: number;
}

/** One entry of an imported feed (feeds/feed-store.ts); the primary key is (source, kind, value). */
export interface FeedEntriesTable {
  source: string;
  kind: string;
  value: string;
  list: string;
  category: string;
  confidence: number;
  first_seen: number | null;
  last_seen: number | null;
  expires_at: number | null;
  reference: string | null;
  range_start: number | null;
  range_end: number | null;
}

/** The last import of each feed source. */
export interface FeedImportsTable {
  source: string;
  format: string;
  imported_at: number;
  entries: number;
  malformed: number;
  file_sha256: string;
}

/** The indicators of each scan (lower case), for the history's indicator search (GET /api/scans?ioc=). */
export interface ScanIndicatorsTable {
  scan_id: string;
  owner: string;
  type: string;
  value: string;
}

/** Answers of online reputation services (enrichment/online), kept to spare their quotas. */
export interface ProviderCacheTable {
  provider: string;
  lookup_key: string;
  /** the ProviderAnswer as JSON */
  answer: string;
  fetched_at: number;
  expires_at: number;
}

export interface Database {
  scans: ScansTable;
  blobs: BlobsTable;
  /** PNG page images of scans when PDFSCAN_STORAGE=postgres (storage/page-image-store.ts), same shape */
  page_images: BlobsTable;
  api_keys: ApiKeysTable;
  sessions: SessionsTable;
  share_links: ShareLinksTable;
  quota_locks: QuotaLocksTable;
  webhook_secrets: WebhookSecretsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  idempotency_keys: IdempotencyKeysTable;
  feed_entries: FeedEntriesTable;
  feed_imports: FeedImportsTable;
  scan_indicators: ScanIndicatorsTable;
  provider_cache: ProviderCacheTable;
}

export type DialectKind = "sqlite" | "postgres";
