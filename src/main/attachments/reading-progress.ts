// How far a document being added has been read, as the window is told it: at most one report per whole percent (a
// 2,000-slide deck sends about a hundred, not two thousand), always the last one, never one going backwards.

export interface ReadingProgress {
  done: number;
  total: number;
}

/** A progress callback for the document worker that passes on only the reports worth showing. */
export function readingProgressReporter(report: (progress: ReadingProgress) => void): (done: number, total: number) => void {
  let lastDone = -1;
  let lastPercent = -1;
  return (done, total) => {
    if (!(total > 0) || done <= lastDone || done > total) return;
    const percent = Math.floor((done * 100) / total);
    if (percent === lastPercent && done !== total) return;
    lastDone = done;
    lastPercent = percent;
    report({ done, total });
  };
}
