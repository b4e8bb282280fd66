/**
 * Counting windows shared by every instance (per address, per phone, per account, SMS budgets):
 * the one way other modules and the rate-limit plugin count hits (the repository is private to
 * this module). Each function takes the caller's database handle.
 */
export {
  clearWindow,
  clearWindows,
  deleteExpiredWindows,
  hitStreak,
  hitWindow,
  readWindows,
  type WindowHit,
} from './rate-limit.repository';
