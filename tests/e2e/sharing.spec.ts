import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './a11y-helpers';
import { createPaper, editor, openPaper, toolbarButton } from './editor-helpers';
import { paperList, screenshot, signUp } from './helpers';
import { expect, test, watchPageErrors } from './page-test';

/** Issue 36 (docs/sharing.md): people in their own browsers, each signed up there. */
const CONTENT = [
  '## Introduction',
  '',
  'Sleep helps memory consolidation.',
  '',
  '## Methods',
  '',
  'We read papers.',
].join('\n');

interface Person {
  page: Page;
  email: string;
  name: string;
}

/** A person in their own browser context (own cookies, own client address), signed up. */
async function person(browser: Browser, name: string, baseURL?: string): Promise<Person> {
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  const page = watchPageErrors(await context.newPage());
  const email = await signUp(page, name);
  return { page, email, name };
}

function shareDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Share' });
}

async function openShare(page: Page) {
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(shareDialog(page)).toBeVisible();
  return shareDialog(page);
}

const ROLE_LABELS = {
  editor: 'Editor (edit, comment, upload, use AI at their own cost)',
  commenter: 'Commenter (read and comment)',
  viewer: 'Viewer (read and export)',
} as const;

/** The owner invites an existing account by e-mail from the Share dialog, left open. */
async function inviteByEmail(owner: Page, invitee: Person, role: keyof typeof ROLE_LABELS) {
  const dialog = await openShare(owner);
  await dialog.getByLabel('E-mail address of an existing account').fill(invitee.email);
  await dialog.getByLabel('Role for the invited person').selectOption({ label: ROLE_LABELS[role] });
  await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(dialog.getByLabel(`Role of ${invitee.name}`)).toHaveValue(role);
  return dialog;
}

function commentDialog(page: Page, name: 'Add Comment' | 'Edit Comment' | 'Comment') {
  return page.getByRole('dialog', { name, exact: true });
}

/** Opens the comment on `text` by clicking it, as the spec's popup opens (000 §2.1). */
async function openComment(page: Page, text: string, name: 'Edit Comment' | 'Comment') {
  await editor(page).locator('.comment', { hasText: text }).click();
  const dialog = commentDialog(page, name);
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('sharing a paper between people', () => {
  test.describe.configure({ timeout: 180_000 });

  test('invited by e-mail and by link, a commenter comments, the owner answers and resolves, a viewer reads', async ({
    browser,
  }) => {
    const owner = await person(browser, 'Olivia Owner');
    const commenter = await person(browser, 'Cora Commenter');
    const viewer = await person(browser, 'Vic Viewer');
    const paper = await createPaper(owner.page, 'Sleep and memory', CONTENT);
    await openPaper(owner.page, 'Sleep and memory');

    // By e-mail: an existing account, as a commenter.
    const dialog = await inviteByEmail(owner.page, commenter, 'commenter');

    // By link: a viewer's link, used once.
    await dialog.getByLabel('Role for the link').selectOption({ label: ROLE_LABELS.viewer });
    await dialog.getByRole('button', { name: 'Create link', exact: true }).click();
    const linkField = dialog.getByLabel('Copy this link now: it is shown once');
    await expect(linkField).toHaveValue(/\/invite\/[\w-]+$/);
    const link = await linkField.inputValue();
    await expect(dialog.getByRole('list').last()).toContainText('viewer · used 0 of 1');
    await expectAccessible(owner.page, '.share-dialog');
    await screenshot(owner.page, 'sharing-share-dialog');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();

    await viewer.page.goto(new URL(link).pathname);
    await expect(viewer.page.getByRole('main')).toContainText(
      'Olivia Owner invites you to “Sleep and memory” as viewer.',
    );
    await viewer.page.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(viewer.page.getByLabel('Paper title')).toHaveValue('Sleep and memory');
    await expect(
      viewer.page.getByRole('status').filter({ hasText: 'Shared with you as viewer' }),
    ).toBeVisible();
    // A viewer reads: no toolbar, no Add comment.
    await expect(viewer.page.getByRole('toolbar', { name: 'Formatting' })).toHaveCount(0);
    await expect(viewer.page.getByRole('button', { name: 'Add comment' })).toHaveCount(0);

    // The commenter finds it in their list, marked as shared, and comments the selected text.
    await commenter.page.goto('/');
    await expect(paperList(commenter.page)).toContainText('Shared by Olivia Owner');
    await openPaper(commenter.page, 'Sleep and memory');
    await expect(editor(commenter.page)).toHaveAttribute('contenteditable', 'false');
    const addComment = commenter.page.getByRole('button', { name: 'Add comment' });
    await expect(addComment).toBeDisabled();
    await editor(commenter.page).getByText('Sleep helps memory consolidation.').click({
      clickCount: 3,
    });
    await expect(addComment).toBeEnabled();
    await addComment.click();
    const adding = commentDialog(commenter.page, 'Add Comment');
    await adding.getByLabel('Comment').fill('Which study shows this?');
    // The server puts the comment into the live document; the commenter's read-only editor
    // gets it from there, like the owner's open editor.
    const threadMade = commenter.page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/comments'),
    );
    await adding.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await threadMade).status()).toBe(201);
    await expect(adding).toBeHidden();
    await expect(
      editor(commenter.page).locator('.comment', { hasText: 'Sleep helps memory consolidation.' }),
    ).toBeVisible();
    await expect(
      editor(owner.page).locator('.comment', { hasText: 'Sleep helps memory consolidation.' }),
    ).toBeVisible();
    const stored = (await (await commenter.page.request.get(`/api/papers/${paper.id}`)).json()) as {
      content: string;
    };
    expect(stored.content).toContain(
      '[Sleep helps memory consolidation.][[Which study shows this?]]',
    );

    const own = await openComment(commenter.page, 'Sleep helps memory', 'Edit Comment');
    await expect(own.getByRole('region', { name: 'Conversation' })).toContainText('Cora Commenter');
    await expect(own.locator('time')).toHaveCount(1);
    await expectAccessible(commenter.page, '[role="dialog"]');
    await own.getByRole('button', { name: 'Cancel' }).click();

    // The owner, after a reload, answers and resolves.
    await openPaper(owner.page, 'Sleep and memory');
    const thread = await openComment(owner.page, 'Sleep helps memory', 'Edit Comment');
    const conversation = thread.getByRole('region', { name: 'Conversation' });
    await expect(conversation).toContainText('Cora Commenter');
    await conversation
      .getByRole('textbox', { name: 'Answer' })
      .fill('Walker 2009, added to the references.');
    await conversation.getByRole('button', { name: 'Reply', exact: true }).click();
    const answers = conversation.getByRole('list', { name: 'Answers' });
    await expect(answers).toContainText('Olivia Owner');
    await expect(answers).toContainText('Walker 2009, added to the references.');
    await expect(conversation.getByRole('textbox', { name: 'Answer' })).toHaveValue('');
    await conversation.getByRole('button', { name: 'Resolve', exact: true }).click();
    await expect(conversation).toContainText('Resolved by Olivia Owner');
    await expect(conversation.getByRole('button', { name: 'Reopen', exact: true })).toBeVisible();
    await expectAccessible(owner.page, '[role="dialog"]');
    await screenshot(owner.page, 'sharing-comment-thread');
    await thread.getByRole('button', { name: 'Cancel' }).click();

    // The commenter sees the answer after a reload, reopens and answers back.
    await openPaper(commenter.page, 'Sleep and memory');
    const reopened = await openComment(commenter.page, 'Sleep helps memory', 'Edit Comment');
    const theirs = reopened.getByRole('region', { name: 'Conversation' });
    await expect(theirs).toContainText('Walker 2009, added to the references.');
    await expect(theirs).toContainText('Resolved by Olivia Owner');
    await theirs.getByRole('button', { name: 'Reopen', exact: true }).click();
    await expect(theirs).not.toContainText('Resolved by');
    await theirs.getByRole('textbox', { name: 'Answer' }).fill('Thanks, that settles it.');
    await theirs.getByRole('button', { name: 'Reply', exact: true }).click();
    await expect(theirs.getByRole('list', { name: 'Answers' }).getByRole('listitem')).toHaveCount(
      2,
    );
    await reopened.getByRole('button', { name: 'Cancel' }).click();

    await openPaper(owner.page, 'Sleep and memory');
    const back = await openComment(owner.page, 'Sleep helps memory', 'Edit Comment');
    const lastAnswer = back.getByRole('list', { name: 'Answers' }).getByRole('listitem').last();
    await expect(lastAnswer).toContainText('Cora Commenter');
    await expect(lastAnswer).toContainText('Thanks, that settles it.');
    await back.getByRole('button', { name: 'Cancel' }).click();

    // The viewer reads the conversation and may not answer.
    await openPaper(viewer.page, 'Sleep and memory');
    // By keyboard: in a read-only editor each comment is a button in the tab order.
    const onKeyboard = editor(viewer.page).getByRole('button', {
      name: 'Comment: Which study shows this?',
    });
    await onKeyboard.focus();
    await viewer.page.keyboard.press('Enter');
    const read = commentDialog(viewer.page, 'Comment');
    await expect(read).toBeVisible();
    await expect(read.getByRole('list', { name: 'Answers' })).toContainText(
      'Thanks, that settles it.',
    );
    await expect(read.getByRole('button', { name: 'Reply' })).toHaveCount(0);
    await expect(read.getByRole('button', { name: 'Resolve' })).toHaveCount(0);
    await expect(read.getByLabel('Comment')).toHaveAttribute('readonly', '');
    await expectAccessible(viewer.page, '[role="dialog"]');
    await read.getByRole('button', { name: 'Close', exact: true }).click();

    // The link was for one person: it is used up now.
    await openPaper(owner.page, 'Sleep and memory');
    await expect((await openShare(owner.page)).getByRole('list').last()).toContainText('used-up');

    for (const someone of [owner, commenter, viewer]) await someone.page.context().close();
  });
  test('co-authors see each other in the paper; an editor made a viewer reads at once; removed, the paper leaves their list', async ({
    browser,
  }) => {
    const owner = await person(browser, 'Olivia Owner');
    const coauthor = await person(browser, 'Eddie Editor');
    await createPaper(owner.page, 'Shared methods', CONTENT);
    await openPaper(owner.page, 'Shared methods');
    await (
      await inviteByEmail(owner.page, coauthor, 'editor')
    )
      .getByRole('button', { name: 'Close', exact: true })
      .click();

    // The editor edits: the toolbar is there and the text takes typing.
    await openPaper(coauthor.page, 'Shared methods');
    await expect(toolbarButton(coauthor.page, 'Add comment')).toBeVisible();
    await expect(coauthor.page.getByRole('button', { name: 'Share', exact: true })).toHaveCount(0);
    await editor(coauthor.page).getByText('We read papers.').click();
    await coauthor.page.keyboard.press('End');
    await coauthor.page.keyboard.type(' Twice.');
    await expect(editor(coauthor.page)).toContainText('We read papers. Twice.');

    // Presence: each sees who is in the paper, by name, and the other's caret in the text.
    const here = (page: Page) => page.getByRole('list', { name: 'In this paper now' });
    await expect(here(owner.page).getByRole('listitem')).toHaveText([
      'Olivia Owner (you)',
      'Eddie Editor',
    ]);
    await expect(here(coauthor.page).getByRole('listitem')).toHaveText([
      'Eddie Editor (you)',
      'Olivia Owner',
    ]);
    await expect(editor(owner.page)).toContainText('We read papers. Twice.');
    await expect(editor(owner.page).locator('.presence-caret')).toBeVisible();
    await expect(editor(owner.page).locator('.presence-caret-name')).toHaveAttribute(
      'data-name',
      'Eddie Editor',
    );
    // The name is drawn beside the caret, never part of the paper's text.
    await expect(editor(owner.page)).not.toContainText('Eddie Editor');
    await editor(owner.page).getByText('Sleep helps memory consolidation.').click();
    await owner.page.keyboard.press('End');
    await owner.page.keyboard.type(' Often.');
    await expect(editor(coauthor.page)).toContainText('Sleep helps memory consolidation. Often.');
    await expect(editor(coauthor.page).locator('.presence-caret')).toBeVisible();
    await expect(editor(coauthor.page).locator('.presence-caret-name')).toHaveAttribute(
      'data-name',
      'Olivia Owner',
    );
    // The name is drawn beside the caret, never part of the paper's text.
    await expect(editor(coauthor.page)).not.toContainText('Olivia Owner');
    await expectAccessible(owner.page, '.presence-list');
    await screenshot(owner.page, 'sharing-presence');

    // The owner makes them a viewer while their editor is open: it reads only, at once.
    const dialog = await openShare(owner.page);
    await dialog.getByLabel('Role of Eddie Editor').selectOption({ label: ROLE_LABELS.viewer });
    await expect(dialog.getByLabel('Role of Eddie Editor')).toHaveValue('viewer');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(
      coauthor.page
        .getByRole('status')
        .filter({ hasText: 'The owner changed your role. Shared with you as viewer' }),
    ).toBeVisible();
    await expect(editor(coauthor.page)).toHaveAttribute('contenteditable', 'false');
    await expect(coauthor.page.getByRole('toolbar', { name: 'Formatting' })).toHaveCount(0);
    // What they typed while they were an editor went into the live document as they typed it.
    await expect(editor(coauthor.page)).toContainText('We read papers. Twice.');

    // Removed while the paper is open: they are told, and it leaves their list.
    const again = await openShare(owner.page);
    await again.getByRole('button', { name: 'Remove Eddie Editor' }).click();
    await expect(again.getByLabel('Role of Eddie Editor')).toHaveCount(0);
    await again.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(
      coauthor.page.getByText(
        'You no longer have access to this paper: it was removed from your list.',
      ),
    ).toBeVisible();
    await expect(paperList(coauthor.page)).not.toContainText('Shared methods');

    // Opening it again answers as a missing paper.
    await coauthor.page.goto('/');
    await expect(paperList(coauthor.page)).toBeAttached();
    await expect(paperList(coauthor.page)).not.toContainText('Shared methods');
    const paperId = (await owner.page.evaluate(() => location.pathname)).split('/').pop() ?? '';
    expect((await coauthor.page.request.get(`/api/papers/${paperId}`)).status()).toBe(404);

    for (const someone of [owner, coauthor]) await someone.page.context().close();
  });
});
