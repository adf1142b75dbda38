// The profile feature's public surface (issue 34): what other features, the pages and the app
// use of it. Everything else in the folder is the feature's own to change.
export { MultiChipPicker, SingleChipPicker } from './components/ChipPicker';
export { PROFILE_CATEGORY_OPTIONS } from './components/icons';
export { ImageField } from './components/ImageField';
export { ProfileEditScreen } from './components/ProfileEditScreen';
export { ProfileView } from './components/ProfileView';
export { CATEGORY_OPTIONS, TAG_OPTIONS, VIBE_OPTIONS } from './components/taxonomy-options';
export { categoryOf, subcategoryLabel } from './helpers';
