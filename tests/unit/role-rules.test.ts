import { describe, expect, it } from 'vitest';
import { allPermissions, isSystemAdministrator, Permission } from '#domain/auth/permissions.ts';
import {
  assertMayDelete,
  assertEditable,
  assertGrantable,
  assertMayManageClient,
  assertNameFree,
  assertUnheld,
  clientOfNewRole,
  type RoleActor,
} from '#domain/auth/role-rules.ts';
import { type Role, RoleType } from '#domain/auth/user.ts';
import { ConflictError, ForbiddenError, ValidationError } from '#domain/errors.ts';

const demo = 2;
const rival = 3;
const companyAdmin: RoleActor = {
  clientId: demo,
  permissions: [Permission.ViewOwnProfile, Permission.ViewRoles, Permission.EditRoles, Permission.DeleteRoles],
};
const clientViewer: RoleActor = { clientId: demo, permissions: [Permission.ViewClients, Permission.EditRoles] };
const sysadmin: RoleActor = { clientId: 1, permissions: allPermissions };

const role = (overrides: Partial<Role> = {}): Role => ({
  id: 10,
  name: 'Scout',
  clientId: demo,
  roleType: RoleType.UserCreated,
  permissions: [Permission.ViewOwnProfile],
  ...overrides,
});

describe('system administrator', () => {
  it('holds all of the client-management permissions 14, 15 and 16', () => {
    expect(isSystemAdministrator([Permission.ViewClients, Permission.EditClients, Permission.DeleteClients])).toBe(
      true,
    );
    expect(isSystemAdministrator([Permission.ViewClients, Permission.EditClients])).toBe(false);
    expect(isSystemAdministrator([])).toBe(false);
  });
});

describe('no privilege escalation', () => {
  it('a role may hold any of the caller’s own permissions', () => {
    expect(() => assertGrantable(companyAdmin, [Permission.ViewOwnProfile, Permission.ViewRoles])).not.toThrow();
    expect(() => assertGrantable(companyAdmin, [])).not.toThrow();
  });

  it('a permission the caller lacks is refused with 403, naming every one he lacks', () => {
    const attempt = () =>
      assertGrantable(companyAdmin, [Permission.ViewRoles, Permission.ViewClients, Permission.LoadSpreads]);
    expect(attempt).toThrow(ForbiddenError);
    expect(attempt).toThrow("You cannot grant permissions you do not hold: 'view clients', 'load spreads'");
  });

  it('a permission the role already has may stay when a caller lacking it edits the role, but not be added', () => {
    const roleHas = [Permission.ViewRoles, Permission.LoadSpreads];
    expect(() => assertGrantable(companyAdmin, roleHas, roleHas)).not.toThrow();
    expect(() => assertGrantable(companyAdmin, [...roleHas, Permission.ViewClients], roleHas)).toThrow(
      "You cannot grant permissions you do not hold: 'view clients'",
    );
  });
});

describe('the client a new role is for', () => {
  it('is the caller’s own client when left out or named', () => {
    expect(clientOfNewRole(companyAdmin, undefined)).toBe(demo);
    expect(clientOfNewRole(companyAdmin, demo)).toBe(demo);
  });

  it('may be another client only for a caller who acts across clients', () => {
    expect(clientOfNewRole(clientViewer, rival)).toBe(rival);
    expect(() => clientOfNewRole(companyAdmin, rival)).toThrow(ForbiddenError);
  });

  it('is no client (a System Role) when null, only for a system administrator', () => {
    expect(clientOfNewRole(sysadmin, null)).toBeNull();
    expect(() => clientOfNewRole(companyAdmin, null)).toThrow(ForbiddenError);
    expect(() => clientOfNewRole(clientViewer, null)).toThrow(ForbiddenError);
  });
});

describe('managing an existing role', () => {
  it('a company admin manages only his own client’s roles', () => {
    expect(() => assertMayManageClient(companyAdmin, demo)).not.toThrow();
    expect(() => assertMayManageClient(companyAdmin, rival)).toThrow(ForbiddenError);
    expect(() => assertMayManageClient(clientViewer, rival)).not.toThrow();
  });

  it('System Roles are managed only by a system administrator', () => {
    expect(() => assertMayManageClient(clientViewer, null)).toThrow(ForbiddenError);
    expect(() => assertMayManageClient(sysadmin, null)).not.toThrow();
  });
});

describe('editing', () => {
  it('only a user-created role can be edited, whoever asks (409)', () => {
    expect(() => assertEditable(role(), undefined)).not.toThrow();
    expect(() => assertEditable(role({ roleType: RoleType.System }), undefined)).toThrow(ConflictError);
    expect(() => assertEditable(role({ roleType: RoleType.System }), undefined)).toThrow(
      'Only user-created roles can be edited; this role can only be deleted',
    );
  });

  it('a role does not move to another client (400), but may name its own', () => {
    expect(() => assertEditable(role(), demo)).not.toThrow();
    expect(() => assertEditable(role(), rival)).toThrow(ValidationError);
    expect(() => assertEditable(role(), null)).toThrow(ValidationError);
    expect(() => assertEditable(role({ clientId: null }), null)).not.toThrow();
  });
});

describe('deleting', () => {
  it('a system role only by a system administrator (403)', () => {
    const system = role({ roleType: RoleType.System });
    expect(() => assertMayDelete(companyAdmin, system)).toThrow(ForbiddenError);
    expect(() => assertMayDelete(sysadmin, system)).not.toThrow();
    expect(() => assertMayDelete(companyAdmin, role())).not.toThrow();
  });

  it('never while someone holds the role (409 saying how many)', () => {
    expect(() => assertUnheld(3)).toThrow(ConflictError);
    expect(() => assertUnheld(3)).toThrow('3 users still hold this role');
    expect(() => assertUnheld(1)).toThrow('1 user still holds this role');
    expect(() => assertUnheld(0)).not.toThrow();
  });
});

describe('role names', () => {
  const roles = [
    role(),
    role({ id: 11, name: 'Old', archivedAt: '2026-01-01T00:00:00Z' }),
    role({ id: 12, clientId: rival, name: 'Judge' }),
  ];

  it('are unique among the client’s live roles, in any case (409)', () => {
    expect(() => assertNameFree('SCOUT', demo, roles)).toThrow(ConflictError);
    expect(() => assertNameFree('SCOUT', demo, roles)).toThrow("A role named 'SCOUT' already exists");
  });

  it('may repeat a deleted role’s name, another client’s, or the role’s own when it is edited', () => {
    expect(() => assertNameFree('old', demo, roles)).not.toThrow();
    expect(() => assertNameFree('Judge', demo, roles)).not.toThrow();
    expect(() => assertNameFree('scout', demo, roles, 10)).not.toThrow();
  });
});
