// The online reputation services' stand-in as a process of its own, for the browser tests
// (playwright.config.ts starts it beside the e2e server, which is configured to ask it).
import { startReputationStandIn } from "../lib/server/testing/reputation-stand-in";

void startReputationStandIn(Number(process.argv[2])).then((standIn) =>
  console.log(`reputation stand-in on ${standIn.url}`),
);
