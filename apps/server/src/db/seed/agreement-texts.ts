/**
 * Demo texts of the three agreements. A business deploying the portal replaces them with its
 * own (they are rows in `agreements`); these read as real documents so the pages can be judged.
 */
export const AGREEMENT_TEXTS = {
  privacy: {
    en: {
      title: 'Privacy Policy',
      html: `
<p>This policy explains what we collect when you use the parent portal, why, and the choices you have. We run live online lessons for children, so we collect as little about your child as we can.</p>
<h2>1. What we collect</h2>
<ul>
  <li><strong>About you:</strong> your mobile number and calling code, your name, e-mail address and chat-app ID, your interface language and time zone.</li>
  <li><strong>About your child:</strong> a nickname, a birth date and the avatar you pick. We never ask for your child's photo, e-mail or phone number.</li>
  <li><strong>About lessons:</strong> the lessons booked, attendance, leave requests, your ratings and comments.</li>
  <li><strong>About payments:</strong> orders, amounts and the payment method's name and expiry. Card numbers are handled by our payment provider and never reach our servers.</li>
</ul>
<h2>2. Why we use it</h2>
<p>To sign you in, schedule and run lessons, keep your credit balance, send verification codes and receipts, and let your course adviser help you. We do not sell personal data and we show no third-party advertising.</p>
<h2>3. Who we share it with</h2>
<p>Only with the services that run the portal for us: the SMS and e-mail services that deliver your codes and links, the payment provider, and the live-classroom service for the lessons your child joins. Each receives only what its task needs.</p>
<h2>4. How long we keep it</h2>
<p>While your account is open. You can delete your child's profile at any time from the children page, and your whole account from your profile: after a 14-day grace period, during which signing in lets you cancel, your names, phone number, e-mail, children's details, feedback and messages are erased. Only the billing records the law requires (orders, charges and credit amounts) are kept, with your name replaced by an anonymous number, for the statutory period. Those records (orders, charges, refunds, credit amounts, plan periods and lesson dates) are kept for the statutory period, by default 7 years after the end of the financial year, naming nobody.</p>
<h2>5. Your rights</h2>
<p>You may see, correct or delete your data, and withdraw consent for messages that are not needed to run your lessons. To do so, write to our support team.</p>
<h2>6. Security</h2>
<p>Passwords are stored only as salted hashes, sessions can be ended at any time by signing out, and all traffic is encrypted.</p>`,
    },
    zh_CN: {
      title: '隐私政策',
      html: `
<p>本政策说明您使用家长端时我们收集哪些信息、用途以及您可以做出的选择。我们为儿童提供在线直播课程，因此对孩子的信息尽量少收集。</p>
<h2>一、我们收集的信息</h2>
<ul>
  <li><strong>关于您：</strong>手机号码及国家区号、姓名、邮箱、微信号、界面语言和时区。</li>
  <li><strong>关于孩子：</strong>昵称、出生日期以及您选择的头像。我们从不索取孩子的照片、邮箱或手机号码。</li>
  <li><strong>关于课程：</strong>已预约的课程、出勤、请假记录、您的评分和评价。</li>
  <li><strong>关于支付：</strong>订单、金额以及支付方式的名称和有效期。银行卡号由支付服务商处理，不会经过我们的服务器。</li>
</ul>
<h2>二、信息用途</h2>
<p>用于登录、排课与上课、维护课时余额、发送验证码和收据，以及让您的课程顾问为您提供帮助。我们不出售个人信息，也不展示第三方广告。</p>
<h2>三、信息共享</h2>
<p>仅与为我们运行本服务的机构共享：发送验证码和链接的短信及邮件服务、支付服务商，以及孩子上课所用的直播教室服务。每一方只获得完成其任务所需的信息。</p>
<h2>四、保存期限</h2>
<p>在您的账户存续期间保存。您可随时在孩子管理页面删除孩子的资料，也可在个人资料中注销整个账户：注销申请后有 14 天冷静期，期间登录即可撤销；之后您的姓名、手机号码、邮箱、孩子资料、评价和消息将被清除。仅保留法律要求的账务记录（订单、付款和课时数额），并以匿名编号替代您的身份，在法定期限内保存。这些记录（订单、付款、退款、课时数额、会员期间和上课日期）在法定期限内保存，默认至财务年度结束后 7 年，且不指向任何个人。</p>
<h2>五、您的权利</h2>
<p>您可以查看、更正或删除您的信息，并可撤回对非必要消息的同意。如需办理，请联系我们的客服。</p>
<h2>六、安全</h2>
<p>密码仅以加盐哈希形式保存，您可随时退出登录结束会话，所有通信均经过加密。</p>`,
    },
  },
  service: {
    en: {
      title: 'User Agreement',
      html: `
<p>By creating an account or signing in you agree to these terms between you (the parent or guardian) and us (the lesson provider).</p>
<h2>1. Your account</h2>
<p>You sign in with your mobile number. Keep your password and verification codes to yourself; you are responsible for what is done with your account. You can add up to three child profiles yourself, or as many as your monthly plan covers; your course adviser can raise this to at most six.</p>
<h2>2. Lessons</h2>
<ul>
  <li>Your child can enter the live classroom from five minutes before a lesson starts until it ends.</li>
  <li>You may ask for leave up to three hours before a lesson starts; the credits reserved for it are then released. Later absences count as attended.</li>
  <li>Please keep lessons a respectful, safe place: classes are with real teachers and other children.</li>
</ul>
<h2>3. Credits and plans</h2>
<p>Lessons are paid with credits or covered by a monthly plan. Purchased credits are refundable; reward credits are not. Plans renew monthly until cancelled.</p>
<h2>4. Changes</h2>
<p>We may update these terms; we will tell you in the portal before a change applies to you.</p>
<h2>5. Contact</h2>
<p>Your course adviser is your first contact; you can also reach our support team.</p>`,
    },
    zh_CN: {
      title: '用户协议',
      html: `
<p>创建账户或登录即表示您（家长或监护人）同意与我们（课程提供方）之间的以下条款。</p>
<h2>一、账户</h2>
<p>您使用手机号码登录。请妥善保管密码和验证码，您需对账户下的操作负责。您可以自行添加最多三个孩子的资料，订阅月度套餐期间可添加的数量为套餐覆盖的孩子人数；如需更多，课程顾问可将上限提高，最多六个。</p>
<h2>二、课程</h2>
<ul>
  <li>孩子可在课程开始前五分钟至课程结束期间进入直播教室。</li>
  <li>您可在课程开始三小时前请假，该课程预留的课时将被释放；之后的缺席按已上课计算。</li>
  <li>请共同维护尊重、安全的课堂环境：课程由真实教师授课，并有其他孩子参与。</li>
</ul>
<h2>三、课时与套餐</h2>
<p>课程使用课时支付或由月度套餐覆盖。购买的课时可退款，赠送课时不可退款。套餐按月自动续费，直至取消。</p>
<h2>四、条款变更</h2>
<p>我们可能更新本条款，变更生效前会在家长端通知您。</p>
<h2>五、联系我们</h2>
<p>如有问题请先联系您的课程顾问，也可以联系我们的客服。</p>`,
    },
  },
  contract: {
    en: {
      title: 'Purchase Contract',
      html: `
<p>This contract applies to each purchase of lesson credits or a monthly plan made in the parent portal.</p>
<h2>1. What you buy</h2>
<p>The order shows the package or plan, the number of credits (including any free credits) or the number of children covered, the price and the currency. Credits are added to your balance once the payment provider confirms the payment.</p>
<h2>2. Payment</h2>
<p>Payments are made by card or mobile wallet on the payment provider's secure page. We never see your full card number.</p>
<h2>3. Plans</h2>
<p>A monthly plan covers lessons of the stated number of children and renews each month on the renewal date shown under Pass Information until cancelled.</p>
<h2>4. Refunds</h2>
<p>Unused purchased credits can be refunded on request within 12 months of purchase. Reward and promotional credits cannot be refunded. A cancelled plan stays active until the end of the period already paid.</p>
<h2>5. Contact</h2>
<p>For questions about an order, contact your course adviser with the order number.</p>`,
    },
    zh_CN: {
      title: '购买合同',
      html: `
<p>本合同适用于在家长端购买课时或月度套餐的每一笔订单。</p>
<h2>一、购买内容</h2>
<p>订单列明课时包或套餐、课时数量（含赠送课时）或覆盖的孩子人数、价格和币种。支付服务商确认付款后，课时将计入您的余额。</p>
<h2>二、支付</h2>
<p>通过银行卡或移动钱包在支付服务商的安全页面完成付款，我们不会获取您的完整卡号。</p>
<h2>三、套餐</h2>
<p>月度套餐覆盖约定人数孩子的课程，并在“套餐信息”中显示的续费日期按月自动续费，直至取消。</p>
<h2>四、退款</h2>
<p>自购买之日起 12 个月内，未使用的购买课时可申请退款；赠送及活动课时不可退款。已取消的套餐在已付费周期结束前继续有效。</p>
<h2>五、联系我们</h2>
<p>如对订单有疑问，请携订单号联系您的课程顾问。</p>`,
    },
  },
} as const;
