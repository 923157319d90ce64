import { MessagesSquare, PenLine, UserPlus } from 'lucide-react';
import { Navigate, useSearchParams } from '../app/router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { Spinner } from '../components/ui/spinner';
import { Tabs, TabsContent, TabsLinkTrigger, TabsList } from '../components/ui/tabs';
import { useUser } from '../lib/auth/get-user';
import { LoginForm } from '../features/auth/components/LoginForm';
import { PasskeySignInButton } from '../features/passkeys/components/PasskeySignInButton';
import { RegisterForm } from '../features/auth/components/RegisterForm';

const steps = [
  { icon: UserPlus, title: 'Create an account or log in', text: 'Pick a pseudonym. An e-mail address is optional.' },
  { icon: MessagesSquare, title: 'Join discussions on boards', text: 'From technology to cooking, find the board for you.' },
  { icon: PenLine, title: 'Create threads and reply', text: 'Start a conversation, or post anonymously.' },
] as const;

type Tab = 'login' | 'register';

/** /auth: login and register tabs beside a welcome panel (SPEC.md section 2). */
export function AuthPage() {
  const { data: user, isPending } = useUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get('tab') === 'register' ? 'register' : 'login';

  if (isPending) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading" className="size-6" />
      </div>
    );
  }
  if (user) return <Navigate to="/" replace />;

  return (
    <div className="mx-auto grid max-w-5xl items-start gap-8 md:grid-cols-2 md:gap-12 md:py-6">
      <title>{tab === 'login' ? 'Log in · Hushboard' : 'Register · Hushboard'}</title>
      <Card className="gap-5">
        <CardHeader>
          <CardTitle className="text-2xl tracking-tight">
            <h1>{tab === 'login' ? 'Welcome back' : 'Create your account'}</h1>
          </CardTitle>
          <CardDescription>A privacy-focused discussion board with cryptocurrency-powered interactions.</CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs value={tab} onValueChange={(value) => setSearchParams(value === 'register' ? { tab: 'register' } : {}, { replace: true })}>
            <TabsList className="mb-4 grid w-full grid-cols-2">
              <TabsLinkTrigger value="login" href="/auth">
                Login
              </TabsLinkTrigger>
              <TabsLinkTrigger value="register" href="/auth?tab=register">
                Register
              </TabsLinkTrigger>
            </TabsList>
            <TabsContent value="login">
              <LoginForm />
              <PasskeySignInButton />
            </TabsContent>
            <TabsContent value="register">
              <RegisterForm />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>

      <aside aria-labelledby="welcome-heading" className="grid gap-6 rounded-xl border bg-muted/40 p-6 md:p-8">
        <div className="grid gap-2">
          <h2 id="welcome-heading" className="text-2xl font-semibold tracking-tight">
            Welcome to Hushboard
          </h2>
          <p className="text-muted-foreground">
            Private discussions, public impact. Talk freely under a pseudonym, tip great posts in cryptocurrency, and keep
            your identity your own.
          </p>
        </div>
        <ol className="grid gap-5">
          {steps.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div className="grid gap-0.5">
                <p className="font-medium">
                  <span className="sr-only">Step {index + 1}: </span>
                  {title}
                </p>
                <p className="text-sm text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ol>
      </aside>
    </div>
  );
}
