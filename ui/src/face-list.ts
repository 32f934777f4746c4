/**
 * The tile faces, in kind order: kind k shows face k mod FACE_NAMES.length. Each name is a
 * Fluent Emoji Flat icon (MIT, Microsoft; see CREDITS.md) and an i18n key `face.<name>`.
 * Chosen to differ in shape, not only in colour. Used at build time by the faces plugin
 * (which inlines only these icons) and at run time for labels.
 */
export const FACE_NAMES = [
  "panda", "fox", "frog", "penguin", "owl", "unicorn", "turtle", "octopus",
  "butterfly", "lady-beetle", "snail", "tropical-fish", "whale", "rabbit-face", "pig-face", "monkey-face",
  "red-apple", "banana", "grapes", "watermelon", "strawberry", "cherries", "pineapple", "peach",
  "lemon", "kiwi-fruit", "avocado", "carrot", "mushroom", "four-leaf-clover", "sunflower", "cherry-blossom",
  "maple-leaf", "cactus", "soccer-ball", "basketball", "guitar", "rocket", "red-paper-lantern", "umbrella",
  "light-bulb", "key", "bell", "crown", "gem-stone", "anchor", "snowflake", "rainbow",
] as const;

export type FaceName = (typeof FACE_NAMES)[number];
