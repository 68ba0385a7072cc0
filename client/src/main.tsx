import './app/global.css';
import { startApp } from './start';

/** The browser entry (index.html): kept tiny, it hands over to the start-up (start/). */
void startApp();
