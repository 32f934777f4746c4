/** Types of the build-time virtual modules (see vite/faces-plugin.ts). */
declare module "virtual:faces" {
  /** Hidden <svg> holding one <symbol id="face-NAME"> per face. */
  export const SPRITE: string;
}
