"use client";
// Structural anomalies the tolerant reader recorded (malformed syntax is data, not an error).
// Long lists are cut to the first rows until the analyst asks for all. Below the sm breakpoint each
// row stacks into a small card with its own labels, so a 360-390 px screen needs no sideways scroll.
import { useId, useState } from "react";
import type { FastResult } from "../../lib/analyzer/report";
import { formatOffset } from "../_lib/format";
import { Empty, Section } from "./section";

const INITIAL_ROWS = 25;

const CELL = "block py-0.5 sm:table-cell sm:py-1 sm:pr-3";
const LABEL = "mr-1 font-sans text-xs text-slate-600 sm:hidden";

export function AnomaliesList({ anomalies }: { anomalies: FastResult["anomalies"] }) {
  const [showAll, setShowAll] = useState(false);
  const tableId = useId();
  return (
    <Section title="Structural anomalies" count={anomalies.length} testId="anomalies">
      {anomalies.length === 0 ? (
        <Empty>The file structure parsed cleanly.</Empty>
      ) : (
        <>
          <table className="block w-full text-left text-sm sm:table" id={tableId}>
            <caption className="block pb-2 text-left text-xs text-slate-600 sm:table-caption">
              Where the file departs from the PDF syntax: code, byte offset, object and what was found.
            </caption>
            <thead className="hidden text-xs text-slate-600 sm:table-header-group">
              <tr>
                <th className="py-1 pr-3 font-medium">Code</th>
                <th className="py-1 pr-3 font-medium">Offset</th>
                <th className="py-1 pr-3 font-medium">Object</th>
                <th className="py-1 font-medium">Message</th>
              </tr>
            </thead>
            <tbody className="block sm:table-row-group">
              {anomalies.map((a, i) => (
                <tr
                  key={i}
                  className={`block border-t border-slate-200 py-1.5 align-top sm:table-row sm:py-0 ${!showAll && i >= INITIAL_ROWS ? "hidden print:block" : ""}`}
                  data-testid="anomaly"
                >
                  <td className={`${CELL} font-mono text-xs break-all sm:break-normal sm:whitespace-nowrap`}>
                    <span className={LABEL}>Code</span>
                    {a.code}
                  </td>
                  <td className={`${CELL} font-mono text-xs whitespace-nowrap`}>
                    <span className={LABEL}>Offset</span>
                    {formatOffset(a.offset)}
                  </td>
                  <td className={`${CELL} font-mono text-xs whitespace-nowrap`}>
                    <span className={LABEL}>Object</span>
                    {a.objectRef ?? "–"}
                  </td>
                  <td className={`${CELL} break-words text-slate-700 sm:pr-0`}>{a.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {anomalies.length > INITIAL_ROWS && (
            <button
              type="button"
              onClick={() => setShowAll(!showAll)}
              aria-expanded={showAll}
              aria-controls={tableId}
              className="mt-2 text-sm text-sky-700 hover:underline"
            >
              {showAll ? "Show fewer" : `Show all ${anomalies.length}`}
            </button>
          )}
        </>
      )}
    </Section>
  );
}
