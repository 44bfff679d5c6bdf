// Reading a QR code from an uploaded photo or screenshot. html5-qrcode's scanFile draws the image at the
// size of its (320 px) region, and a dense certificate QR (about 60 modules) at 400 px shrunk to 320 px blurs
// its modules below what the decoder resolves, so the 400x400 PNG of a demo QR failed. The image is tried
// as it is, then redrawn on a canvas at a few sizes with a white quiet zone and crisp (nearest-neighbour)
// scaling, each copy given to scanFile until one decodes: large photos come down, small screenshots go up.

/** Widths to redraw at, in order; the first that decodes wins. */
export const RETRY_WIDTHS = [1200, 800, 1600, 600] as const;

export type DecodeFile = (file: File) => Promise<string>;

async function redrawn(image: ImageBitmap, width: number): Promise<File> {
  const quiet = Math.round(width * 0.08);
  const height = Math.round((image.height / image.width) * width);
  const canvas = document.createElement('canvas');
  canvas.width = width + 2 * quiet;
  canvas.height = height + 2 * quiet;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  // Upscaling a screenshot: keep module edges sharp; downscaling a photo: smooth, to average sensor noise.
  context.imageSmoothingEnabled = width < image.width;
  context.drawImage(image, quiet, quiet, width, height);
  const blob = await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('canvas'))), 'image/png'));
  return new File([blob], `qr-${width}.png`, { type: 'image/png' });
}

/** The QR text in an image file, trying the file itself and then rescaled copies; throws when none decodes. */
export async function decodeQrImage(file: File, decode: DecodeFile): Promise<string> {
  try {
    return await decode(file);
  } catch (first) {
    const image = await createImageBitmap(file).catch(() => null);
    if (!image) throw first;
    try {
      for (const width of RETRY_WIDTHS) {
        const text = await decode(await redrawn(image, width)).catch(() => null);
        if (text) return text;
      }
    } finally {
      image.close();
    }
    throw first;
  }
}
