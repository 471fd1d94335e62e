import { ROLES, type Role } from "@liftoff/schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useConfirm } from "../confirm/useConfirm.ts";
import MutationError from "../forms/MutationError.tsx";
import QueryState from "../layout/QueryState.tsx";
import { useCan } from "../session/Can.tsx";
import { useApi, useSession } from "../session/SessionContext.tsx";

/** Local accounts (admin only): who can sign in, and with which role. */
export default function UsersPage() {
  const api = useApi();
  const me = useSession().session?.user.id;
  const isAdmin = useCan("admin");
  const queryClient = useQueryClient();
  const users = useQuery({ queryKey: ["users"], queryFn: api.users.list, enabled: isAdmin });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["users"] });
  const update = useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) => api.users.update(id, { role }),
    onSettled: refresh,
  });
  const remove = useMutation({ mutationFn: api.users.remove, onSettled: refresh });
  const confirm = useConfirm();
  if (!isAdmin)
    return (
      <main className="page">
        <h1>Users</h1>
        <p>Only admins manage users.</p>
      </main>
    );
  return (
    <main className="page">
      <h1>Users</h1>
      <MutationError error={update.error ?? remove.error} />
      <QueryState query={users}>
        <table tabIndex={0} aria-label="Users">
          <thead>
            <tr>
              <th scope="col">User</th>
              <th scope="col">Role</th>
              <th scope="col">Since</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {users.data?.map((u) => (
              <tr key={u.id}>
                <th scope="row">{u.username}</th>
                <td>
                  <select
                    aria-label={`Role of ${u.username}`}
                    value={u.role}
                    // Changing one's own role could lock the last admin out.
                    disabled={u.id === me || update.isPending}
                    onChange={(e) => update.mutate({ id: u.id, role: e.target.value as Role })}
                  >
                    {ROLES.map((r) => (
                      <option key={r} value={r}>
                        {r}
                      </option>
                    ))}
                  </select>
                </td>
                <td>{new Date(u.createdAt).toLocaleDateString()}</td>
                <td>
                  {u.id !== me && (
                    <button
                      type="button"
                      className="danger"
                      aria-label={`Delete ${u.username}`}
                      disabled={remove.isPending}
                      onClick={() =>
                        void confirm({
                          title: `Delete the user ${u.username}?`,
                          body: (
                            <p>
                              They are signed out everywhere and can no longer sign in; what they
                              changed stays, under their name, in the history and the audit log.
                            </p>
                          ),
                          confirm: "Delete user",
                          danger: true,
                        }).then((ok) => ok && remove.mutate(u.id))
                      }
                    >
                      Delete
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </QueryState>
      <NewUser onCreated={() => void refresh()} />
    </main>
  );
}

function NewUser({ onCreated }: { onCreated: () => void }) {
  const api = useApi();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [role, setRole] = useState<Role>("viewer");
  const create = useMutation({
    mutationFn: () => api.users.create({ username, password, role }),
    onSuccess: () => {
      setUsername("");
      setPassword("");
      onCreated();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  return (
    <form className="card inline-form" onSubmit={submit}>
      <h2>New user</h2>
      <div className="field">
        <label htmlFor="new-user-name">Username</label>
        <input
          id="new-user-name"
          required
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="new-user-password">Password</label>
        <input
          id="new-user-password"
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="new-user-role">Role</label>
        <select id="new-user-role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" disabled={create.isPending}>
        Create user
      </button>
      <MutationError error={create.error} />
    </form>
  );
}
