/** Types of the build-time virtual modules (see vite/faces-plugin.ts). */
declare module "virtual:faces" {
  /** One `data:image/svg+xml` URL per face, in FACE_NAMES order. */
  export const FACE_URLS: readonly string[];
}
