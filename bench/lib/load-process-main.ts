/** The load process (load-process.ts): runs each steady load it is sent and answers with its figures. */
import { type OpenLoopOptions, openLoop } from './open-loop';

process.on('message', (options: OpenLoopOptions) => {
  void openLoop(options).then((run) => process.send!(run));
});
// Forked detached (load-process.ts): a bench that ends, however it ends, takes its load with it.
process.on('disconnect', () => process.exit(0));
