// The document's JS_TOTAL_CPU_MS, shared out so that the answer does not depend on the machine's load
// (issue 19 item 7): emulations take turns in the scripts' rank order, and each gets what the runs
// before it left of the budget, counted in the CPU time they used (EmulationResult.cpuMs), never in
// wall-clock time. Which scripts run, and for how long, is then the same on a busy machine as on an
// idle one. Parsing and the analysis of layers still run several scripts at once around the turns.

export interface EmulationTurn {
  /** waits until every earlier script has ended its turn; the CPU time left of the document's budget */
  begin(): Promise<number>;
  /** the turn is over, having used `cpuMs`; later calls do nothing (a finally block may call it again) */
  end(cpuMs: number): void;
}

export class EmulationTurns {
  private spent = 0;
  private readonly ended: Promise<void>[] = [];
  private readonly release: (() => void)[] = [];

  constructor(
    count: number,
    private readonly totalCpuMs: number,
  ) {
    for (let i = 0; i < count; i++) this.ended.push(new Promise<void>((resolve) => this.release.push(resolve)));
  }

  /** The turn of the script at `position` in rank order (0 first). */
  at(position: number): EmulationTurn {
    let over = false;
    return {
      begin: async () => {
        if (position > 0) await this.ended[position - 1];
        return this.totalCpuMs - this.spent;
      },
      end: (cpuMs) => {
        if (over) return;
        over = true;
        // a turn may end before the one ahead of it (a script with nothing to run): its spending
        // counts once both have ended, in rank order
        void (position > 0 ? this.ended[position - 1] : Promise.resolve()).then(() => {
          this.spent += cpuMs;
          this.release[position]();
        });
      },
    };
  }
}
