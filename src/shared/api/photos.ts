/**
 * Photos of recipes and menu items (docs/product/api.md « Photos »): the upload limits both
 * sides check, the French messages, and what the API answers about a stored photo.
 */

/** The largest upload accepted (the body limit of the photo routes, src/server/app.ts). */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** What the « Photo » field offers; the server checks the bytes, never this label. */
export const PHOTO_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Width × height of the decoded image: more is refused before decoding (a decompression bomb). */
export const PHOTO_MAX_PIXELS = 50_000_000;
/** Widths of the WebP copies made of each upload, never wider than the original. */
export const PHOTO_WIDTHS = [320, 640, 1024] as const;

export const photoMessages = {
  notAnImage: 'Ce fichier n’est pas une image lisible. Choisissez une photo JPEG, PNG ou WebP.',
  wrongType: 'Format non accepté : choisissez une photo JPEG, PNG ou WebP.',
  tooLarge: 'La photo dépasse 5 Mo : choisissez une image plus légère.',
  tooManyPixels: 'L’image est trop grande (plus de 50 millions de pixels) : réduisez-la avant de l’envoyer.',
  animated: 'Les images animées ne sont pas acceptées : choisissez une photo fixe.',
  uploadFailed: 'La photo n’a pas pu être enregistrée. Veuillez réessayer.',
  removeFailed: 'La photo n’a pas pu être retirée. Veuillez réessayer.',
  storageUnavailable: 'Les photos sont momentanément indisponibles. Veuillez réessayer dans quelques instants.',
} as const;

/** One stored WebP copy of a photo. */
export interface PhotoVariant {
  url: string;
  width: number;
  height: number;
}

/**
 * A stored photo: `url` is its largest copy (the contract's `photoUrl`), `width` and `height`
 * that copy's size (the page reserves the space, no layout shift), `variants` every copy,
 * narrowest first (a `srcset`). URLs never change content: a new photo gets new URLs.
 */
export interface Photo {
  url: string;
  width: number;
  height: number;
  variants: PhotoVariant[];
}

/** PUT /api/recipes/:id/photo and PUT /api/items/:id/photo. */
export interface PhotoUploadResult {
  photoUrl: string;
  photo: Photo;
  /** The holder's (recipe's or item's) new version: an open form takes it (docs/decisions/0034). */
  version: number;
}

/** The name of a stored copy: 32 hex digits of the photo's hash, its width, `.webp`. */
export const PHOTO_FILE_NAME = /^([0-9a-f]{32})-([1-9][0-9]{0,4})\.webp$/;

export const photoFileName = (photoId: string, width: number) => `${photoId}-${width}.webp`;
const photoPath = (photoId: string, width: number) => `/photos/${photoFileName(photoId, width)}`;

/** A photo from its id and its copies' sizes (the largest is `url`). */
export function toPhoto(photoId: string, sizes: readonly { width: number; height: number }[]): Photo {
  const variants = [...sizes]
    .sort((a, b) => a.width - b.width)
    .map((s) => ({ url: photoPath(photoId, s.width), width: s.width, height: s.height }));
  const largest = variants.at(-1)!;
  return { url: largest.url, width: largest.width, height: largest.height, variants };
}

/** « /photos/…-320.webp 320w, /photos/…-640.webp 640w ». */
export const photoSrcset = (photo: Photo) => photo.variants.map((v) => `${v.url} ${v.width}w`).join(', ');
