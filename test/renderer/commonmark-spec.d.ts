// The `commonmark-spec` package (CommonMark's examples, parsed from spec.txt) ships no types.
declare module 'commonmark-spec' {
  const spec: { tests: ReadonlyArray<{ markdown: string; html: string; section: string; number: number }> };
  export default spec;
}
