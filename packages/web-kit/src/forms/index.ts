export { fieldError, firstMessage, toastFirstError } from './forms';
export {
  messageKeyOf,
  useFormFeedback,
  type FormFeedback,
  type FormFeedbackOptions,
} from './form-feedback';
export { FormAlert } from './form-alert';
