// One short, single-line description of a caught error, for notes on a result (engine failures,
// render errors): "Name: message", clipped so a hostile file cannot make a result carry a huge text.
export function describeError(e: unknown, maxChars = 500): string {
  return (e instanceof Error ? `${e.name}: ${e.message}` : String(e)).slice(0, maxChars);
}
