/** What a tip goes to: a thread itself or one of its replies. `isOwn`: the viewer wrote it. */
export type TipTarget = { kind: 'thread'; threadId: number; isOwn: boolean } | { kind: 'post'; threadId: number; postId: number; isOwn: boolean };

/** Where a sent-but-unrecorded tip is remembered (useWalletPayment's resumeKey). */
export const tipResumeKey = (target: TipTarget) => (target.kind === 'post' ? `tip:post:${target.postId}` : `tip:thread:${target.threadId}`);

export const tipTargetLabel = (target: TipTarget) => (target.kind === 'post' ? `post #${target.postId}` : 'this thread');
