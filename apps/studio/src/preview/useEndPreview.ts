import type { PreviewSession } from "@liftoff/schema";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createElement } from "react";
import { useConfirm } from "../confirm/useConfirm.ts";
import { useApi } from "../session/SessionContext.tsx";
import { previewKey, previewsKey } from "./previewKeys.ts";

/** Ends a preview session after asking; every tab in it returns to production on its next load. */
export function useEndPreview(session: PreviewSession) {
  const api = useApi();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const end = useMutation({
    mutationFn: () => api.previews.end(session.id),
    onSuccess: (ended) => queryClient.setQueryData(previewKey(session.id), ended),
    onSettled: () => queryClient.invalidateQueries({ queryKey: previewsKey(session.propertyId) }),
  });
  const ask = () =>
    void confirm({
      title: `End the preview of “${session.label}”?`,
      body: createElement(
        "p",
        null,
        "Tabs that opened its link run the published library again from their next page load; the link stops working.",
      ),
      confirm: "End preview",
      danger: true,
    }).then((ok) => ok && end.mutate());
  return { ask, end };
}
