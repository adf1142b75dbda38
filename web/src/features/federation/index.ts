// The federation feature's public surface (issue 36): what the settings and admin screens use.
export { DomainBlocksTab } from './components/DomainBlocksTab';
export { RemoteAudiencePanel } from './components/RemoteAudiencePanel';
export { RemoteAccountCard } from './components/RemoteAccountCard';
export { RemotePostCard } from './components/RemotePostCard';
