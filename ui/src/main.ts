/** Entry point: starts the app controller. */
import "./metrics";
import { App } from "./app";

void new App().init();
