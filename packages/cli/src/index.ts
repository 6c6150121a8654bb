export { main, EXIT, type Io } from './main.js';
