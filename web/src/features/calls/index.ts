// The calls feature's public surface (issue 34): what other features, the pages and the app
// use of it. Everything else in the folder is the feature's own to change.
export { answerCall, fetchRingingCalls } from './api';
export { parseCallSummary } from './call-frame';
export { incomingCall, openCall, receiveCall, useCallStore } from './call-store';
export { formatCallDuration } from './call-timer';
export { loadCallLayer } from './load-call-layer';
export { otherUserInRoom, roomIdFor } from './room';
