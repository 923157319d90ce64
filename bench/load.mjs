// One load scenario, in its own process so the load generator never shares the
// benchmark's event loop: `node bench/load.mjs '<json>'` runs autocannon with the
// given options and prints its result as JSON. `requests` (a list of paths and
// bodies, taken in turn by every connection) gives a fixed mix, as the search does.
import process from 'node:process';
import autocannon from 'autocannon';
import { keepNoResponseBodies } from './autocannon-without-bodies.mjs';

// The load generator decoding compressed bodies would measure itself (see the module).
keepNoResponseBodies();

const options = JSON.parse(process.argv[2]);
const result = await autocannon({ ...options, excludeErrorStats: false });
process.stdout.write(JSON.stringify(result));
