/**
 * Turning pictures into what the services take: base64 JPEG without the `data:` prefix.
 */

/** The base64 part of a data URL. */
export function base64Of(dataUrl: string): string {
  const comma = dataUrl.indexOf(',');
  return comma < 0 ? dataUrl : dataUrl.slice(comma + 1);
}

/** A file read as a data URL. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('No se pudo leer el archivo'));
    reader.readAsDataURL(file);
  });
}

/** The current frame of a video (or an image) drawn into a JPEG data URL. */
export function jpegOf(source: HTMLVideoElement | HTMLImageElement, quality = 0.85): string {
  const width = source instanceof HTMLVideoElement ? source.videoWidth : source.naturalWidth;
  const height = source instanceof HTMLVideoElement ? source.videoHeight : source.naturalHeight;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('El navegador no permite procesar la imagen');
  ctx.drawImage(source, 0, 0, width, height);
  return canvas.toDataURL('image/jpeg', quality);
}

/** Any picture file as a JPEG data URL: JPEGs pass as they are, other types are redrawn. */
export async function fileToJpeg(file: File): Promise<string> {
  const dataUrl = await readAsDataUrl(file);
  if (file.type === 'image/jpeg') return dataUrl;
  const img = new Image();
  img.src = dataUrl;
  await img.decode();
  return jpegOf(img);
}
