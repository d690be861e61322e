// PLACEHOLDER: replaced by the methods page.
export function MethodsPage() {
  return null;
}
