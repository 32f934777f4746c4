/** Entry point: installs the face sprite and starts the app controller. */
import "./metrics";
import { App } from "./app";
import { installSprite } from "./faces";

installSprite();
void new App().init();
