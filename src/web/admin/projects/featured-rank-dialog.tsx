/**
 * The featured-rank dialog (SPEC §2.12, §4.5, §5.3, §8.2), shown to super_admin and manager only: a rank input
 * (min 1, step 1; empty or invalid input becomes 1), save, and "remove from featured" (rank null).
 */
import { useId, useState } from "react";
import { parseFeaturedRankInput } from "#domain/schemas/project.ts";
import type { Project } from "#domain/types.ts";
import { PROJECT_TEXTS } from "~/admin/common/project-texts.ts";
import { isApiError } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/shared/ui/dialog.tsx";
import { Input } from "~/shared/ui/input.tsx";
import { Label } from "~/shared/ui/label.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { useSetFeaturedRank } from "./api.ts";

export function FeaturedRankDialog({ project, onClose }: { project: Project | null; onClose: () => void }) {
  return (
    <Dialog open={project !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        {project ? <RankForm key={project.id} project={project} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RankForm({ project, onClose }: { project: Project; onClose: () => void }) {
  const id = useId();
  const [value, setValue] = useState(String(project.featuredRank ?? 1));
  const mutation = useSetFeaturedRank();

  async function save(rank: number | null) {
    try {
      await mutation.mutateAsync({ id: project.id, rank });
      toast({
        title: PROJECT_TEXTS.successTitle,
        description: rank === null ? PROJECT_TEXTS.rankRemoved : PROJECT_TEXTS.rankSet(rank),
        variant: "success",
      });
      onClose();
    } catch (error) {
      const denied = isApiError(error, 401) || isApiError(error, 403);
      toast({
        title: PROJECT_TEXTS.rankErrorTitle,
        description: denied ? PROJECT_TEXTS.rank401 : PROJECT_TEXTS.rankErrorTitle,
        variant: "destructive",
      });
    }
  }

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void save(parseFeaturedRankInput(value));
      }}
    >
      <DialogHeader>
        <DialogTitle>{PROJECT_TEXTS.featuredDialogTitle}</DialogTitle>
        <DialogDescription>
          {project.name} — {PROJECT_TEXTS.featuredDialogHint}
        </DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id}>{PROJECT_TEXTS.rankLabel}</Label>
        <Input
          id={id}
          type="number"
          min={1}
          step={1}
          dir="ltr"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      </div>
      <DialogFooter className="sm:justify-between">
        {project.featuredRank !== null ? (
          <Button type="button" variant="outline" disabled={mutation.isPending} onClick={() => void save(null)}>
            {PROJECT_TEXTS.removeFromFeatured}
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? PROJECT_TEXTS.saving : PROJECT_TEXTS.save}
        </Button>
      </DialogFooter>
    </form>
  );
}
