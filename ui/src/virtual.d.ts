/** Types of the build-time virtual modules (see vite/faces-plugin.ts). */
declare module "virtual:faces.css" {
  // a style sheet (`.face.f-N` rules), imported for its effect only
}
