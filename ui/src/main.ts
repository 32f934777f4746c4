/** Entry point: starts the app controller. */
import { mark } from "./metrics";
import { App } from "./app";

mark("modules"); // every module evaluated
void new App().init();
