/**
 * The parent's account record, the one way other modules read and change it (its repository is
 * private to this module). Each function takes the caller's database handle, so it joins the
 * caller's transaction when there is one. Sessions, codes and sign-in are the `auth` module's.
 */
export {
  findParentByEmail,
  findParentById,
  findParentByPhone,
  findParentByUserSn,
  incrementFailedPasswords,
  insertParent,
  updateParent,
  updateParentEmail,
  type NewParent,
  type ParentRow,
} from './parents.repository';
