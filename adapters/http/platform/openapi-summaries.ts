/** The longest a summary may be: one line of a generated client's doc comment or the reference's sidebar. */
const SUMMARY_LENGTH = 80;

/**
 * An operation's summary on one line: the route's own when it fits, else its first sentence, else
 * its longest leading clause that fits, never cut inside parentheses or code (the whole text stays
 * in the description).
 */
export const oneLineSummary = (text: string): string => {
  if (text.length <= SUMMARY_LENGTH) return text;
  const strong: number[] = [];
  const weak: number[] = [];
  let [depth, code] = [0, false];
  for (let index = 0; index < SUMMARY_LENGTH; index += 1) {
    const character = text[index];
    if (character === '`') code = !code;
    if (code) continue;
    // Before a parenthesis: the sentence reads whole without it.
    if (character === ' ' && text[index + 1] === '(' && depth === 0 && index >= 10) weak.push(index);
    if (character === '(') depth += 1;
    if (character === ')') depth = Math.max(0, depth - 1);
    if (depth > 0 || index < 10 || !/\s/.test(text[index + 1] ?? '')) continue;
    if (character === '.') return text.slice(0, index + 1);
    if (character === ';' || character === ':') strong.push(index);
    if (character === ',') weak.push(index);
  }
  const end = strong.at(-1) ?? weak.at(-1);
  if (end !== undefined) return `${text.slice(0, end)}.`;
  return `${text.slice(0, text.lastIndexOf(' ', SUMMARY_LENGTH - 1))}…`;
};
