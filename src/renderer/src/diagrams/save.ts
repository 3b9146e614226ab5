// Saving a drawn diagram as a file: its SVG as drawn (already sanitized), or a PNG rasterized from it at twice its
// size on the code block's background. The browser's download hands the file to the system save dialog.

/** Offers `blob` as a download named `name`. */
function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The diagram as a standalone SVG document. */
export function svgDocument(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  const box = svg.viewBox.baseVal;
  if (box && box.width > 0 && box.height > 0) {
    copy.setAttribute('width', String(Math.ceil(box.width)));
    copy.setAttribute('height', String(Math.ceil(box.height)));
    copy.style.removeProperty('max-width');
  }
  return new XMLSerializer().serializeToString(copy);
}

export function saveSvg(svg: SVGSVGElement, name = 'diagram.svg'): void {
  download(new Blob([svgDocument(svg)], { type: 'image/svg+xml' }), name);
}

/** Rasterizes the diagram (scale 2) onto `background` and offers it as a PNG; false when the browser cannot. */
export async function savePng(svg: SVGSVGElement, background: string, name = 'diagram.png'): Promise<boolean> {
  const box = svg.viewBox.baseVal;
  const width = Math.ceil(box && box.width > 0 ? box.width : svg.getBoundingClientRect().width);
  const height = Math.ceil(box && box.height > 0 ? box.height : svg.getBoundingClientRect().height);
  const url = URL.createObjectURL(new Blob([svgDocument(svg)], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = width * 2;
    canvas.height = height * 2;
    const context = canvas.getContext('2d');
    if (!context) return false;
    context.fillStyle = background;
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!png) return false;
    download(png, name);
    return true;
  } catch {
    return false;
  } finally {
    URL.revokeObjectURL(url);
  }
}
