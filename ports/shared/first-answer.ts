/**
 * Asks contributed sources in turn (`wire.contribute`) and gives the first answer that counts
 * (`answered`), else `none`: how a context reads as one what others contribute to it.
 */
export const firstAnswer = async <S, A>(sources: readonly S[], ask: (source: S) => Promise<A>, answered: (answer: A) => boolean, none: A): Promise<A> => {
  for (const source of sources) {
    const answer = await ask(source);
    if (answered(answer)) return answer;
  }
  return none;
};

/** An answer that is something (not null). */
export const isFound = <A>(answer: A | null): boolean => answer !== null;
