/** Query keys of preview sessions (the list is the caller's own, per property). */
export const previewsKey = (pid: string) => ["previews", pid] as const;
export const previewKey = (id: string) => ["preview", id] as const;
