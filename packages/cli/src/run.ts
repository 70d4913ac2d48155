import { main } from './main';

// The bin's entry: the process's own streams and environment; the exit code once stdout has drained.
const code = await main(process.argv.slice(2), process.env, { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr });
process.exitCode = code;
