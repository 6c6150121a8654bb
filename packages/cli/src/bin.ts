import { main } from './main.js';

// Ctrl-C: what was made is kept (tasks on the server, their ids in .subtrans.json, finished files)
process.once('SIGINT', () => {
  // the progress bars turn the terminal's line wrapping off while they draw: on again
  if (process.stdout.isTTY) process.stdout.write('\x1b[?7h');
  process.stderr.write(
    '\nInterrupted. Run the same command again to go on: finished files are skipped, tasks already made are reused.\n',
  );
  process.exit(130);
});

process.exitCode = await main(process.argv.slice(2), process.env);
