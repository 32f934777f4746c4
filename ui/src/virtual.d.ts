/** Types of the build-time virtual modules (see vite/faces-plugin.ts). */
declare module "virtual:faces.css" {
  // a style sheet (`.face.f-N` rules), imported for its effect only
}
declare module "virtual:faces" {
  /** Loads the faces' style sheet (once); resolves when it is in the page (at once where the view's own holds it). */
  export function loadFaces(): Promise<void>;
}
