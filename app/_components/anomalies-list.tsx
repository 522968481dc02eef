"use client";
// Structural anomalies the tolerant reader recorded (malformed syntax is data, not an error).
// Long lists are cut to the first rows until the analyst asks for all.
import { useState } from "react";
import type { FastResult } from "../../lib/analyzer/report";
import { formatOffset } from "../_lib/format";
import { Empty, Section } from "./section";

const INITIAL_ROWS = 25;

export function AnomaliesList({ anomalies }: { anomalies: FastResult["anomalies"] }) {
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? anomalies : anomalies.slice(0, INITIAL_ROWS);
  return (
    <Section title="Structural anomalies" count={anomalies.length} testId="anomalies">
      {anomalies.length === 0 ? (
        <Empty>The file structure parsed cleanly.</Empty>
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-xs text-slate-500">
                <tr>
                  <th className="py-1 pr-3 font-medium">Code</th>
                  <th className="py-1 pr-3 font-medium">Offset</th>
                  <th className="py-1 pr-3 font-medium">Object</th>
                  <th className="py-1 font-medium">Message</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((a, i) => (
                  <tr key={i} className="border-t border-slate-100 align-top">
                    <td className="py-1 pr-3 font-mono text-xs whitespace-nowrap">{a.code}</td>
                    <td className="py-1 pr-3 font-mono text-xs whitespace-nowrap">{formatOffset(a.offset)}</td>
                    <td className="py-1 pr-3 font-mono text-xs whitespace-nowrap">{a.objectRef ?? "–"}</td>
                    <td className="py-1 text-slate-700">{a.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {anomalies.length > INITIAL_ROWS && (
            <button type="button" onClick={() => setShowAll(!showAll)} className="mt-2 text-sm text-sky-700 hover:underline">
              {showAll ? "Show fewer" : `Show all ${anomalies.length}`}
            </button>
          )}
        </>
      )}
    </Section>
  );
}
