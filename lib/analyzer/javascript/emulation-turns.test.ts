import { describe, expect, it } from "vitest";
import { EmulationTurns } from "./emulation-turns";

describe("EmulationTurns", () => {
  it("gives each turn what the earlier turns left, in rank order, whatever order the scripts get ready in", async () => {
    const turns = new EmulationTurns(3, 1000);
    const seen: [number, number][] = [];
    // the last script is ready first: it waits for the two before it
    const third = turns
      .at(2)
      .begin()
      .then((left) => seen.push([2, left]));
    const second = turns
      .at(1)
      .begin()
      .then((left) => {
        seen.push([1, left]);
        turns.at(1).end(0);
      });
    const first = turns.at(0);
    expect(await first.begin()).toBe(1000);
    seen.push([0, 1000]);
    first.end(300);
    await Promise.all([second, third]);
    expect(seen).toEqual([
      [0, 1000],
      [1, 700],
      [2, 700],
    ]);
  });

  it("counts a turn that ended before the one ahead of it only once, after it", async () => {
    const turns = new EmulationTurns(3, 1000);
    const second = turns.at(1);
    second.end(200);
    second.end(5000);
    const first = turns.at(0);
    await first.begin();
    first.end(100);
    expect(await turns.at(2).begin()).toBe(700);
  });
});
