import { Suspense, useState, type ReactNode } from 'react';
import { renderingServerPage } from './page-state';
import { createTaskPace } from './task-pace';

/**
 * Parts of a server-rendered page that hydrate after the page, a few per task, in the
 * order they were met. A long thread's replies hydrated with the page made one task of
 * a third of a second on a phone (Lighthouse's Total Blocking Time counts all of it
 * past 50 ms); the reader sees the server's markup meanwhile, and it stays: a part
 * suspended while hydrating keeps its DOM node (Preact), and is hydrated into it, not
 * rendered anew, when its turn comes. So each part must render one root element.
 *
 * Each turn takes as many parts as the pace allows (lib/task-pace.ts). Anything that
 * renders a part again before its turn (new data) simply hydrates it then.
 */

const waiting: (() => void)[] = [];
const whenDone: (() => void)[] = [];
let scheduled = false;
let pace = createTaskPace();

function nextTurn() {
  scheduled = false;
  // The last turn's parts rendered in the microtasks after it: its pace is known now.
  pace.finished();
  if (!waiting.length) {
    pace = createTaskPace();
    for (const done of whenDone.splice(0)) done();
    return;
  }
  const turn = waiting.splice(0, pace.perTask);
  pace.started(turn.length);
  for (const go of turn) go();
  schedule();
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  window.setTimeout(nextTurn, 0);
}

/** A part's turn: settled (done) when it comes. */
interface Turn {
  done: boolean;
  promise: Promise<void>;
}

function takeTurn(): Turn {
  const turn: Turn = { done: false, promise: Promise.resolve() };
  turn.promise = new Promise((resolve) => {
    waiting.push(() => {
      turn.done = true;
      resolve();
    });
    schedule();
  });
  return turn;
}

/** Calls back once every part waiting for its turn has hydrated (at once when none waits). */
export function afterHydrationTurns(callback: () => void) {
  if (!waiting.length && !scheduled) callback();
  else whenDone.push(callback);
}

function WaitForTurn({ turn, children }: { turn: Turn | null; children: ReactNode }) {
  // The page re-rendering before the part's turn (a live update) finds it still waiting.
  if (turn && !turn.done) throw turn.promise;
  return children;
}

/**
 * Its child (one root element) hydrates at its turn, after the page, when `later`; else
 * with the page. The same components either way, so a part whose `later` changes (a new
 * reply moved it down the list) is not mounted again.
 */
export function HydrateInTurn({ later, children }: { later: boolean; children: ReactNode }) {
  // Only while the page hydrates in the browser: on the server, and in any later render, at once.
  const [turn] = useState(() => (later && typeof window !== 'undefined' && renderingServerPage() ? takeTurn() : null));
  return (
    <Suspense>
      <WaitForTurn turn={turn}>{children}</WaitForTurn>
    </Suspense>
  );
}
