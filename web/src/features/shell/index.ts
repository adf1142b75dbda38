// The shell feature's public surface (issue 34): the signed-in layout the router loads lazily
// (its own chunk; nothing else may import the shell, so nothing pulls it in earlier).
export { AppShell } from './AppShell';
