import { startApp } from './app.tsx';

/** The entry of index.html: the app, with the router (app.tsx). */
void startApp();
