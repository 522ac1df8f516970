import type { PaperType } from '../../shared/papers/paper-types';

/** 001 §2, §4 'Wizard': the create steps run 0 to 3; import and empty stop after Upload files. */
export type WizardStep = 'type' | 'properties' | 'upload' | 'structure';
export type WizardMode = 'create' | 'edit';

export const STEP_TITLES: Record<WizardStep, string> = {
  type: 'Choose paper type',
  properties: 'Specify properties',
  upload: 'Upload files',
  structure: 'Create structure',
};

/** Edit mode names its properties step 'Edit properties' (001 §2). */
export function stepTitle(step: WizardStep, mode: WizardMode): string {
  return mode === 'edit' && step === 'properties' ? 'Edit properties' : STEP_TITLES[step];
}

/** The types whose wizard has no structure step (001 §2, §4). */
export function hasStructureStep(type: PaperType | null): boolean {
  return type !== 'import' && type !== 'empty';
}

export function wizardSteps(mode: WizardMode, type: PaperType | null): WizardStep[] {
  if (mode === 'edit') return ['properties', 'upload'];
  return hasStructureStep(type)
    ? ['type', 'properties', 'upload', 'structure']
    : ['type', 'properties', 'upload'];
}

export interface PropertiesInput {
  title: string;
  description: string;
  methodology: string;
  fieldOfResearch: string;
}

/** What makes the properties step incomplete (001 §5), or null when Next may be used. */
export function missingProperty(type: PaperType | null, values: PropertiesInput): string | null {
  if (!values.title.trim()) return 'Title is required';
  if (type !== 'empty' && !values.description.trim()) return 'Description is required';
  if (type === 'scientific' && !values.methodology.trim())
    return 'Research Methodology is required';
  if (type === 'scientific' && !values.fieldOfResearch.trim())
    return 'Scientific Field is required';
  if (type === 'book' && !values.fieldOfResearch.trim()) return 'Field is required';
  return null;
}

/** One queued upload as the Next rule sees it. */
export interface UploadState {
  uploaded: boolean;
}

/** 001 §5: for import with files, every file must be uploaded and converted. */
export function uploadsBlockNext(type: PaperType | null, files: readonly UploadState[]): boolean {
  return type === 'import' && files.some((file) => !file.uploaded);
}

/** 001 §5 'Wizard, Next is enabled as follows'. */
export function canGoNext(
  step: WizardStep,
  state: { type: PaperType | null; properties: PropertiesInput; files: readonly UploadState[] },
): boolean {
  switch (step) {
    case 'type':
      return state.type !== null;
    case 'properties':
      return missingProperty(state.type, state.properties) === null;
    case 'upload':
      return !uploadsBlockNext(state.type, state.files);
    case 'structure':
      return false;
  }
}
