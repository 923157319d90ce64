// Why an uploaded image is refused (CONTRACT.md section 5), in the contract's words: the
// server answers with these, and a form can show the same text.
import { IMAGE_MAX_FRAMES } from '../constants.js';

export const IMAGE_TOO_LARGE = 'Image must be less than 5MB';
export const IMAGE_TYPE_UNSUPPORTED = 'Image must be a JPEG, PNG, GIF or WebP file';
export const IMAGE_DIMENSIONS_TOO_LARGE = 'Image dimensions are too large';
export const IMAGE_TOO_MANY_FRAMES = `Animated images can have at most ${IMAGE_MAX_FRAMES} frames`;
