/** Types of the build-time virtual modules (see vite/faces-plugin.ts). */
declare module "virtual:faces.css" {
  // a style sheet (`.face.f-N` rules), imported for its effect only
}
declare module "virtual:faces" {
  /** Resolves once the faces' style sheet is in the page (at once where the view's own holds it). */
  export const facesLoaded: Promise<void>;
}
