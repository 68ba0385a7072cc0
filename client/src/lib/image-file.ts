/** Picture types the shop stores (the server checks the bytes too). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'];
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** A picture chosen by staff, as base64 for the upload mutation; or why it cannot go (in Spanish). */
export async function readImageFile(
  file: File,
): Promise<{ contentType: string; dataBase64: string } | { error: string }> {
  if (!IMAGE_TYPES.includes(file.type)) return { error: 'Formato no admitido: usa PNG, JPEG, WebP o SVG.' };
  if (file.size > MAX_IMAGE_BYTES) return { error: 'La imagen supera los 5 MB.' };
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
  return { contentType: file.type, dataBase64: dataUrl.replace(/^data:[^,]*,/, '') };
}
