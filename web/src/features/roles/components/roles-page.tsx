// PLACEHOLDER: replaced by the roles page.
export function RolesPage() {
  return null;
}
