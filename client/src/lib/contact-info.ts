// Public contact channels of the shop (fictional handles and numbers).
export const SUPPORT_EMAIL = 'hola@enzo.com.co';
export const DATA_PROTECTION_EMAIL = 'datos@enzo.com.co';

/** WhatsApp number in international format without "+" (for wa.me links). */
export const WHATSAPP_NUMBER = '573154827760';
export const WHATSAPP_DISPLAY = '+57 315 482 7760';

export function whatsappUrl(number: string = WHATSAPP_NUMBER): string {
  return `https://wa.me/${number}`;
}

export const SOCIAL_URLS = {
  facebook: 'https://www.facebook.com/enzo.mascotas',
  instagram: 'https://www.instagram.com/enzo.mascotas',
  whatsapp: whatsappUrl(),
  tiktok: 'https://www.tiktok.com/@enzo.mascotas',
} as const;

export const LEGAL_NAME = 'Enzo Accesorios para Mascotas S.A.S.';
export const LEGAL_ADDRESS = 'Av. 0 # 11-64, Barrio Caobos, Cúcuta, Norte de Santander, Colombia';
